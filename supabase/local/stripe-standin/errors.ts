/**
 * Stripe's error shape, `{ error: { type, code, decline_code, message, param, … } }`, with the HTTP status
 * Stripe gives each type (https://docs.stripe.com/api/errors): 400 invalid_request_error and
 * idempotency_error, 401 a bad key, 402 card_error, 404 a missing resource.
 */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly fields: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
      message: string;
      code?: string;
      decline_code?: string;
      param?: string;
      payment_intent?: unknown;
      [extra: string]: unknown;
    },
    /**
     * Whether the idempotency layer saves this answer. Stripe saves results "only after the execution of an
     * endpoint begins": a failed parameter check is not saved, a declined card is.
     */
    readonly saved = false,
  ) {
    super(fields.message);
  }

  body(): { error: Record<string, unknown> } {
    return { error: { ...this.fields } };
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
}

export function missing(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function requiredParam(param: string): StripeError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}
