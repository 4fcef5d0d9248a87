import { CardSkeleton } from './CardSkeleton';
import { SkeletonBlock } from './SkeletonBlock';

/** Fills the screen while a lazily loaded page arrives. */
export function PageSkeleton({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div role="status" className="min-h-screen space-y-8 p-6 md:p-10">
      <SkeletonBlock className="h-10 w-1/3" />
      <SkeletonBlock className="h-5 w-2/3" />
      <div aria-hidden="true" className="grid gap-6 md:grid-cols-3">
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton />
      </div>
      <span className="sr-only">{label}</span>
    </div>
  );
}
