/** Phoenix channel frames: vsn 2.0.0 sends arrays, vsn 1.0.0 objects. */
export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refOf(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Parses a text frame; undefined for anything that is not a well-formed message. */
export function decodeFrame(text: string, vsn: Vsn): Frame | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  let raw: unknown[];
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
    raw = parsed;
  } else {
    if (!isRecord(parsed)) return undefined;
    raw = [parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload];
  }
  const [joinRef, ref, topic, event, payload] = raw;
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
  return {
    joinRef: refOf(joinRef),
    ref: refOf(ref),
    topic,
    event,
    payload: isRecord(payload) ? payload : {},
  };
}

/**
 * Encodes a frame. The payload arrives as JSON text so that row data built as JSON by Postgres reaches
 * the client without being parsed and re-serialised here.
 */
export function encodeFrame(vsn: Vsn, frame: Omit<Frame, 'payload'>, payloadJson: string): string {
  const head = [frame.joinRef, frame.ref, frame.topic, frame.event].map((part) => JSON.stringify(part));
  if (vsn === '2.0.0') return `[${head.join(',')},${payloadJson}]`;
  const [joinRef, ref, topic, event] = head;
  return `{"topic":${topic},"event":${event},"payload":${payloadJson},"ref":${ref},"join_ref":${joinRef}}`;
}
