/** Resolves once the browser has painted the current frame (the frame's callback, then a task after it). */
export const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
