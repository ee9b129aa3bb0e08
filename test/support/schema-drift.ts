// Compares schema.prisma with a migrated database, fact by fact: tables, columns (type,
// nullability, default), primary keys, unique and plain indexes, foreign keys. This stands in for
// `prisma migrate diff`, whose schema engine cannot be downloaded here.
//
// Each side becomes a map "table.kind.name" → description; a drift is a key whose description
// differs, or that one side lacks. Names follow Prisma's defaults (`<table>_pkey`,
// `<table>_<columns>_key|_idx|_fkey`) unless the schema maps them. Prisma features this schema does
// not use yet (enums, lists of enums, mapped foreign keys…) throw, so the test is extended rather
// than silently blind.

import { getDMMF, type GetDMMFError } from '@prisma/get-dmmf';
import type pg from 'pg';

export type SchemaFacts = Map<string, string>;

// ── From schema.prisma ────────────────────────────────────────────────────────────────────────

type DmmfDocument = Exclude<ReturnType<typeof getDMMF>, GetDMMFError>;
type DmmfModel = DmmfDocument['datamodel']['models'][number];
type DmmfField = DmmfModel['fields'][number];

const POSTGRES_IDENTIFIER_MAX = 63;

export function factsFromPrismaSchema(schema: string): SchemaFacts {
  const dmmf = getDMMF({ datamodel: schema });
  if ('reason' in dmmf) throw new Error(`schema-drift: schema.prisma does not parse: ${dmmf.reason}`);
  const { datamodel } = dmmf;
  if (datamodel.enums.length > 0) throw new Error('schema-drift: enums are not compared yet; extend test/support/schema-drift.ts');
  const facts: SchemaFacts = new Map();
  const models = new Map(datamodel.models.map((model) => [model.name, model]));
  const table = (model: DmmfModel): string => model.dbName ?? model.name;
  const column = (model: DmmfModel, fieldName: string): string => {
    const field = model.fields.find((candidate) => candidate.name === fieldName);
    if (!field) throw new Error(`schema-drift: ${model.name}.${fieldName} not found`);
    return field.dbName ?? field.name;
  };

  for (const model of datamodel.models) {
    const name = table(model);
    facts.set(`${name}`, 'table');
    for (const field of model.fields) {
      if (field.kind === 'object') continue;
      const nullable = field.isRequired ? 'NOT NULL' : 'NULL';
      const fallback = columnDefault(field, name);
      facts.set(`${name}.column.${field.dbName ?? field.name}`, `${columnType(field)} ${nullable}${fallback ? ` DEFAULT ${fallback}` : ''}`);
    }
    for (const field of model.fields) {
      if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
      const target = models.get(field.type);
      if (!target) throw new Error(`schema-drift: relation ${model.name}.${field.name} to unknown model ${field.type}`);
      const columns = field.relationFromFields.map((from) => column(model, from));
      const referenced = (field.relationToFields ?? []).map((to) => column(target, to));
      const required = field.relationFromFields.every((from) => model.fields.find((f) => f.name === from)?.isRequired);
      const relation = field as DmmfField & { relationOnDelete?: string; relationOnUpdate?: string };
      const onDelete = relation.relationOnDelete ?? (required ? 'Restrict' : 'SetNull');
      const onUpdate = relation.relationOnUpdate ?? 'Cascade';
      facts.set(
        `${name}.foreignKey.${defaultName(name, columns, 'fkey')}`,
        `(${columns.join(', ')}) REFERENCES ${table(target)}(${referenced.join(', ')}) ON DELETE ${referentialAction(onDelete)} ON UPDATE ${referentialAction(onUpdate)}`,
      );
    }
  }

  const predicates = partialIndexPredicates(schema);
  for (const index of datamodel.indexes) {
    const model = models.get(index.model);
    if (!model) throw new Error(`schema-drift: index on unknown model ${index.model}`);
    const name = table(model);
    const columns = index.fields.map((field) => column(model, field.name) + (field.sortOrder === 'desc' ? ' DESC' : ''));
    const bare = index.fields.map((field) => column(model, field.name));
    const method = (index as { algorithm?: string }).algorithm?.toLowerCase() ?? 'btree';
    const where = (indexName: string) => {
      const predicate = predicates.get(indexName);
      predicates.delete(indexName);
      return predicate === undefined ? '' : ` WHERE (${predicate})`;
    };
    switch (index.type) {
      case 'id':
        facts.set(`${name}.primaryKey`, `${index.dbName ?? `${name}_pkey`} (${columns.join(', ')})`);
        break;
      case 'unique': {
        const indexName = index.dbName ?? defaultName(name, bare, 'key');
        facts.set(`${name}.index.${indexName}`, `UNIQUE ${method} (${columns.join(', ')})${where(indexName)}`);
        break;
      }
      case 'normal': {
        const indexName = index.dbName ?? defaultName(name, bare, 'idx');
        facts.set(`${name}.index.${indexName}`, `${method} (${columns.join(', ')})${where(indexName)}`);
        break;
      }
      default:
        throw new Error(`schema-drift: ${index.type} indexes are not compared yet; extend test/support/schema-drift.ts`);
    }
  }
  if (predicates.size > 0) throw new Error(`schema-drift: partial index ${[...predicates.keys()].join(', ')} matches no index of the schema`);
  return facts;
}

/**
 * The `where: raw("…")` of partial indexes (preview feature `partialIndexes`), by index name: the
 * DMMF leaves them out, so they are read from the schema's text. Each must be named with `map:`,
 * and its predicate written as Postgres prints it (pg_get_expr, without the outer parentheses),
 * since the two are compared as text.
 */
function partialIndexPredicates(schema: string): Map<string, string> {
  const predicates = new Map<string, string>();
  for (const [attribute] of schema.matchAll(/@@?(?:unique|index)\((?:[^()"]|"(?:[^"\\]|\\.)*"|\((?:[^()"]|"(?:[^"\\]|\\.)*")*\))*\)/g)) {
    if (!/\bwhere\s*:/.test(attribute)) continue;
    const predicate = /\bwhere\s*:\s*raw\(\s*"((?:[^"\\]|\\.)*)"\s*\)/.exec(attribute)?.[1];
    const name = /\bmap\s*:\s*"([^"]+)"/.exec(attribute)?.[1];
    if (predicate === undefined) throw new Error(`schema-drift: only where: raw("…") is compared yet (${attribute}); extend test/support/schema-drift.ts`);
    if (name === undefined) throw new Error(`schema-drift: name the partial index with map: "…" (${attribute})`);
    predicates.set(name, predicate.replace(/\\(.)/g, '$1'));
  }
  return predicates;
}

/** Prisma's default constraint names, truncated as Prisma truncates them to Postgres' 63 characters. */
function defaultName(table: string, columns: string[], suffix: string): string {
  const base = [table, ...columns].join('_');
  return `${base.slice(0, POSTGRES_IDENTIFIER_MAX - suffix.length - 1)}_${suffix}`;
}

/** The type as Postgres' format_type() spells it, for the type Prisma Migrate would create. */
function columnType(field: DmmfField): string {
  if (field.kind !== 'scalar') throw new Error(`schema-drift: ${field.kind} field ${field.name} is not compared yet`);
  const [native, args = []] = (field.nativeType as [string, string[]] | null | undefined) ?? [];
  const precision = args[0] ?? '3';
  const base = (() => {
    switch (field.type) {
      case 'String':
        if (!native || native === 'Text') return 'text';
        if (native === 'Uuid') return 'uuid';
        if (native === 'VarChar') return args[0] ? `character varying(${args[0]})` : 'character varying';
        if (native === 'Char') return `character(${args[0] ?? 1})`;
        break;
      case 'Int':
        if (!native || native === 'Integer') return 'integer';
        if (native === 'SmallInt') return 'smallint';
        break;
      case 'BigInt':
        return 'bigint';
      case 'Boolean':
        return 'boolean';
      case 'Float':
        return 'double precision';
      case 'Decimal':
        return native === 'Decimal' ? `numeric(${args.join(',')})` : 'numeric(65,30)';
      case 'Bytes':
        return 'bytea';
      case 'Json':
        return native === 'Json' ? 'json' : 'jsonb';
      case 'DateTime':
        if (!native || native === 'Timestamp') return `timestamp(${precision}) without time zone`;
        if (native === 'Timestamptz') return `timestamp(${precision}) with time zone`;
        if (native === 'Date') return 'date';
        break;
    }
    throw new Error(`schema-drift: ${field.type}${native ? ` @db.${native}` : ''} (field ${field.name}) is not compared yet`);
  })();
  return field.isList ? `${base}[]` : base;
}

/** The default as Postgres' pg_get_expr() prints it; undefined for none (or a client-side one such as uuid()). */
function columnDefault(field: DmmfField, table: string): string | undefined {
  if (!field.hasDefaultValue || field.default === undefined) return undefined;
  const value = field.default as unknown;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    const { name, args } = value as { name: string; args: unknown[] };
    switch (name) {
      case 'now':
        return 'CURRENT_TIMESTAMP';
      case 'dbgenerated':
        return String(args[0]);
      case 'autoincrement':
        return `nextval('${table}_${field.dbName ?? field.name}_seq'::regclass)`;
      case 'uuid':
      case 'cuid':
      case 'nanoid':
      case 'ulid':
        return undefined;
      default:
        throw new Error(`schema-drift: @default(${name}()) on ${field.name} is not compared yet`);
    }
  }
  const type = columnType(field);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return value < 0 ? `'${value}'::${type}` : String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'::${type === 'character varying' || type.startsWith('character varying(') ? 'character varying' : type}`;
  throw new Error(`schema-drift: default ${JSON.stringify(value)} on ${field.name} is not compared yet`);
}

function referentialAction(action: string): string {
  const actions: Record<string, string> = {
    Cascade: 'CASCADE',
    Restrict: 'RESTRICT',
    NoAction: 'NO ACTION',
    SetNull: 'SET NULL',
    SetDefault: 'SET DEFAULT',
  };
  const sql = actions[action];
  if (!sql) throw new Error(`schema-drift: referential action ${action} is unknown`);
  return sql;
}

// ── From the database ─────────────────────────────────────────────────────────────────────────

const PG_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** Every table in the current schema except Prisma's migration history. */
export async function factsFromDatabase(db: pg.ClientBase | pg.Pool): Promise<SchemaFacts> {
  const facts: SchemaFacts = new Map();
  const tables = await db.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'`);
  for (const { name } of tables.rows) facts.set(name, 'table');

  const columns = await db.query<{ table: string; name: string; type: string; nullable: boolean; default: string | null }>(`
    SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
           NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations'
      AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const row of columns.rows) {
    facts.set(`${row.table}.column.${row.name}`, `${row.type} ${row.nullable ? 'NULL' : 'NOT NULL'}${row.default ? ` DEFAULT ${row.default}` : ''}`);
  }

  const indexes = await db.query<{ table: string; name: string; primary: boolean; unique: boolean; method: string; columns: string[]; predicate: string | null }>(`
    SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique, am.amname AS method,
           pg_get_expr(x.indpred, x.indrelid) AS predicate,
           ARRAY(SELECT pg_get_indexdef(x.indexrelid, k + 1, true) || CASE WHEN x.indoption[k] & 1 = 1 THEN ' DESC' ELSE '' END
                 FROM generate_series(0, x.indnkeyatts - 1) AS k ORDER BY k) AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    WHERE n.nspname = current_schema() AND t.relname <> '_prisma_migrations'`);
  for (const row of indexes.rows) {
    const where = row.predicate ? ` WHERE ${row.predicate}` : '';
    if (row.primary) facts.set(`${row.table}.primaryKey`, `${row.name} (${row.columns.join(', ')})${where}`);
    else facts.set(`${row.table}.index.${row.name}`, `${row.unique ? 'UNIQUE ' : ''}${row.method} (${row.columns.join(', ')})${where}`);
  }

  const foreignKeys = await db.query<{ table: string; name: string; columns: string[]; target: string; referenced: string[]; on_delete: string; on_update: string }>(`
    SELECT t.relname AS table, con.conname AS name, r.relname AS target,
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS referenced,
           con.confdeltype AS on_delete, con.confupdtype AS on_update
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_class r ON r.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE con.contype = 'f' AND n.nspname = current_schema()`);
  for (const row of foreignKeys.rows) {
    facts.set(
      `${row.table}.foreignKey.${row.name}`,
      `(${row.columns.join(', ')}) REFERENCES ${row.target}(${row.referenced.join(', ')}) ON DELETE ${PG_ACTIONS[row.on_delete]} ON UPDATE ${PG_ACTIONS[row.on_update]}`,
    );
  }
  return facts;
}

// ── The comparison ────────────────────────────────────────────────────────────────────────────

/** One line per difference, e.g. `games.column.status: schema.prisma has "text NOT NULL DEFAULT 'open'::text", the database has "text NOT NULL"`. */
export function diffSchemaFacts(prisma: SchemaFacts, database: SchemaFacts): string[] {
  const keys = [...new Set([...prisma.keys(), ...database.keys()])].sort();
  return keys.flatMap((key) => {
    const expected = prisma.get(key);
    const actual = database.get(key);
    if (expected === actual) return [];
    if (actual === undefined) return [`${key}: in schema.prisma (${expected}), missing from the database`];
    if (expected === undefined) return [`${key}: in the database (${actual}), missing from schema.prisma`];
    return [`${key}: schema.prisma has "${expected}", the database has "${actual}"`];
  });
}
