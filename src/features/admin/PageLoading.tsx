/** The page-loading fallback while a screen's code arrives (the spec's lazily loaded routes). */
export function PageLoading() {
  return (
    <p role="status" className="text-muted-foreground py-16 text-center">
      Loading page…
    </p>
  );
}
