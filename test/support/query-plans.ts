// What a store sends Postgres, and how Postgres would plan it: for tests that a statement run on
// every command or creation reaches its rows by an index, not by a scan that grows with the tables.

import type pg from 'pg';

export interface SentStatement {
  /** The statement's name when the store named it (a prepared statement), '' otherwise. */
  name: string;
  text: string;
  values: unknown[];
}

/** A stand-in for `pool` that records every statement sent through it, then runs it on `pool`. */
export function recordingPool(pool: pg.Pool): { pool: pg.Pool; sent: SentStatement[] } {
  const sent: SentStatement[] = [];
  const recording = {
    query: (config: string | pg.QueryConfig, values?: unknown[]) => {
      const statement = typeof config === 'string' ? { text: config, values } : config;
      sent.push({ name: statement.name ?? '', text: statement.text, values: statement.values ?? [] });
      return pool.query(config as pg.QueryConfig, values);
    },
  };
  return { pool: recording as unknown as pg.Pool, sent };
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * How the generic plan Postgres would keep for the statement reaches each table: node type and
 * index, per table read. Generic, because a named statement may be planned once for any values.
 */
export async function genericPlan(pool: pg.Pool, statement: SentStatement): Promise<{ relation: string; node: string; index?: string }[]> {
  const client = await pool.connect();
  try {
    await client.query(`SET plan_cache_mode = force_generic_plan`);
    await client.query(`PREPARE planned AS ${statement.text}`);
    const literals = statement.values.map((v) => client.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v)));
    const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) EXECUTE planned(${literals.join(', ')})`);
    const reads: { relation: string; node: string; index?: string }[] = [];
    // A bitmap heap scan names its table, and the bitmap index scans under it name the index.
    const indexUnder = (node: PlanNode): string | undefined => node['Index Name'] ?? node.Plans?.map(indexUnder).find(Boolean);
    const walk = (node: PlanNode): void => {
      if (node['Relation Name']) {
        const index = node['Node Type'] === 'Bitmap Heap Scan' ? indexUnder(node) : node['Index Name'];
        reads.push({ relation: node['Relation Name'], node: node['Node Type'], ...(index ? { index } : {}) });
      }
      node.Plans?.forEach(walk);
    };
    walk(rows[0]!['QUERY PLAN'][0]!.Plan);
    return reads;
  } finally {
    await client.query('DEALLOCATE ALL; RESET plan_cache_mode');
    client.release();
  }
}
