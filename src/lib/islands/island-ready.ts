/** The DOM event an island's root dispatches (bubbling) once its React tree has mounted or hydrated. */
export const ISLAND_READY_EVENT = 'island:ready';
