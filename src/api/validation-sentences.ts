// A validation issue as a sentence a person can read: "The handle must be at least 3 characters
// long." rather than the validator's "body/handle must NOT have fewer than 3 characters". Built from
// the JSON Schema keyword that failed and its parameters, for any route: the field is named by the
// last word of its path, in words ("timeZone" is "the time zone"), and where it sits when deeper.

export interface Issue {
  /** Where: `body`, `querystring`, `params`, `headers`. */
  in: string;
  /** JSON Pointer of the field within `in`; empty for the whole of it. */
  path: string;
  keyword?: string;
  params?: Record<string, unknown>;
  /** The validator's own message, used when the keyword is not one this file words. */
  message: string;
}

const WHOLE: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query',
  params: 'The address',
  headers: 'A header',
};

const FORMATS: Record<string, string> = {
  uuid: 'id (a UUID)',
  email: 'email address',
  uri: 'web address',
  'date-time': 'date and time',
  date: 'date',
};

/** The field as people call it: "the handle", "the time zone", "the id in the address", "item 2 of seats". */
function fieldName(where: string, path: string): string {
  const segments = path.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (segments.length === 0) return WHOLE[where] ?? 'The request';
  const last = segments[segments.length - 1]!;
  const words = /^\d+$/.test(last) ? `item ${Number(last) + 1}` : last.replace(/([a-z])([A-Z])/g, '$1 $2').replaceAll(/[-_]/g, ' ').toLowerCase();
  const parent = segments.length > 1 ? ` of ${segments.slice(0, -1).join('/')}` : '';
  const place = where === 'params' ? ' in the address' : where === 'querystring' ? ' in the query' : where === 'headers' ? ' header' : '';
  return `The ${words}${parent}${place}`;
}

/** An unknown name as it was sent, with where it sits: “hnad” (in options/scenario/seats/0). */
function quoted(path: string): string {
  const segments = path.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = segments.pop() ?? '';
  return `“${last}”${segments.length ? ` (in ${segments.join('/')})` : ''}`;
}

const plural = (count: unknown, noun: string) => `${String(count)} ${noun}${count === 1 ? '' : 's'}`;

/** One issue as a sentence, ending with a full stop. */
export function issueSentence(issue: Issue): string {
  const p = issue.params ?? {};
  const name = fieldName(issue.in, issue.path);
  switch (issue.keyword) {
    case 'required':
      return `${name} is missing.`;
    case 'additionalProperties':
      return `${quoted(issue.path)} is not a field this request knows.`;
    case 'propertyNames':
      return `${quoted(issue.path)} is not a name known here.`;
    case 'minLength':
      return `${name} must be at least ${plural(p.limit, 'character')} long.`;
    case 'maxLength':
      return `${name} must be at most ${plural(p.limit, 'character')} long.`;
    case 'minItems':
      return `${name} must have at least ${plural(p.limit, 'item')}.`;
    case 'maxItems':
      return `${name} must have at most ${plural(p.limit, 'item')}.`;
    case 'minProperties':
      return `${name} must have at least ${plural(p.limit, 'entry')}.`;
    case 'maxProperties':
      return `${name} must have at most ${plural(p.limit, 'entry')}.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const how = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' }[issue.keyword];
      return `${name} must be ${how} ${String(p.limit)}.`;
    }
    case 'format':
      return `${name} is not a valid ${FORMATS[String(p.format)] ?? String(p.format)}.`;
    case 'pattern':
      return `${name} is not in the expected form.`;
    case 'enum':
      return Array.isArray(p.allowedValues) && p.allowedValues.length <= 8
        ? `${name} must be one of: ${p.allowedValues.map((value) => JSON.stringify(value)).join(', ')}.`
        : `${name} is not one of the values allowed here.`;
    case 'const':
      return `${name} must be ${JSON.stringify(p.allowedValue)}.`;
    case 'type':
      return `${name} must be ${/^[aeiou]/.test(String(p.type)) ? 'an' : 'a'} ${String(p.type)}.`;
    case 'uniqueItems':
      return `${name} must not list the same item twice.`;
    case 'oneOf':
    case 'anyOf':
    case 'discriminator':
      return `${name} is not one of the shapes allowed here.`;
    default:
      return `${name} ${issue.message.replace(/\.$/, '')}.`;
  }
}

/** The problem's `detail`: every issue's sentence, in order. */
export function validationDetail(sentences: readonly string[]): string {
  return sentences.length ? sentences.join(' ') : 'The request is invalid.';
}
