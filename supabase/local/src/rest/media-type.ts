import { restError } from './errors.ts';

export interface ResponseShape {
  /** `application/vnd.pgrst.object+json`: exactly one row, answered as an object */
  single: boolean;
  /** `;nulls=stripped`: keys with null values are left out */
  stripNulls: boolean;
  csv: boolean;
}

/** Chooses the answer's shape from the Accept header; an unsupported type gets 406 PGRST107. */
export function negotiate(accept: string | undefined): ResponseShape {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false, csv: false };
  const offered = accept.split(',').map((part) => part.trim());
  for (const item of offered) {
    const [type = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/json' || type === 'application/*' || type === '*/*') {
      return { single: false, stripNulls: false, csv: false };
    }
    if (type === 'application/vnd.pgrst.array+json') return { single: false, stripNulls, csv: false };
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls, csv: false };
    }
    if (type === 'text/csv') return { single: false, stripNulls: false, csv: true };
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

export function contentTypeFor(shape: ResponseShape): string {
  if (shape.csv) return 'text/csv; charset=utf-8';
  if (shape.single) return 'application/vnd.pgrst.object+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}
