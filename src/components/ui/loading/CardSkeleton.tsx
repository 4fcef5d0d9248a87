import { SkeletonBlock } from './SkeletonBlock';

export function CardSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="border-border bg-card space-y-3 rounded-xl border p-5">
      <SkeletonBlock className="h-40 w-full" />
      <SkeletonBlock className="h-6 w-2/3" />
      <SkeletonBlock className="h-4 w-full" />
      <SkeletonBlock className="h-4 w-5/6" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
