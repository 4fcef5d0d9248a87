import { optionalInteger, optionalString, type Handler } from '../api.ts';
import { missing } from '../errors.ts';

/** Events (https://docs.stripe.com/api/events): retrieve one, or list the newest first, by type. */
export const retrieveEvent: Handler = (api, { ids }) => {
  const found = api.state.events.find((event) => event.id === ids[0]);
  if (!found) throw missing('event', ids[0] ?? '');
  return found;
};

export const listEvents: Handler = (api, { params }) => {
  const type = optionalString(params, 'type');
  const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
  const after = optionalString(params, 'starting_after');
  let events = [...api.state.events].reverse().filter((event) => !type || event['type'] === type);
  if (after) events = events.slice(events.findIndex((event) => event.id === after) + 1);
  return { object: 'list', data: events.slice(0, limit), has_more: events.length > limit, url: '/v1/events' };
};
