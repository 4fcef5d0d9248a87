import { restError } from './errors.ts';

export interface ResponseShape {
  /** `application/vnd.pgrst.object+json`: exactly one row, answered as an object */
  single: boolean;
  /** `;nulls=stripped`: keys with null values are left out */
  stripNulls: boolean;
}

/**
 * CSV, which hosted PostgREST produces and this stack does not: preferred to every JSON type, it is
 * refused rather than answered as JSON (a JSON body labelled text/csv was a silently different answer).
 */
const NOT_PRODUCED = new Set(['text/csv']);

function unavailable(offered: string[]): Error {
  return restError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}

/**
 * The offered types in the order PostgREST (wai's parseHttpAccept) tries them: higher `q` first, then the
 * more specific (more parameters, fewer `*`), otherwise as listed.
 */
function byPreference(offered: string[]): string[] {
  const ranked = offered.map((item) => {
    const [type = '', ...rest] = item.split(/;\s*q=/i);
    const quality = rest.length === 0 ? 1 : Number.parseFloat(rest.join(''));
    return {
      item,
      quality: Number.isNaN(quality) ? 0 : quality,
      parameters: type.split(';').length,
      stars: type.split('*').length,
    };
  });
  ranked.sort((a, b) => b.quality - a.quality || b.parameters - a.parameters || a.stars - b.stars);
  return ranked.map((entry) => entry.item);
}

/** Chooses the answer's shape from the Accept header; an unsupported type gets 406 PGRST107. */
export function negotiate(accept: string | undefined): ResponseShape {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false };
  const offered = accept.split(',').map((part) => part.trim());
  for (const item of byPreference(offered)) {
    const [type = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/json' || type === 'application/*' || type === '*/*') {
      return { single: false, stripNulls: false };
    }
    if (type === 'application/vnd.pgrst.array+json') return { single: false, stripNulls };
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls };
    }
    if (NOT_PRODUCED.has(type)) throw unavailable(offered);
  }
  throw unavailable(offered);
}

export function contentTypeFor(shape: ResponseShape): string {
  if (shape.single) return 'application/vnd.pgrst.object+json; charset=utf-8';
  return 'application/json; charset=utf-8';
}
