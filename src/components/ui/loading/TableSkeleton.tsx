import { SkeletonBlock } from './SkeletonBlock';

interface TableSkeletonProps {
  rows?: number;
  cells?: number;
  label?: string;
}

/** Five rows of four cells unless told otherwise, like the tables it stands in for. */
export function TableSkeleton({ rows = 5, cells = 4, label = 'Loading…' }: TableSkeletonProps) {
  return (
    <div role="status" className="space-y-3">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} data-skeleton-row="" className="flex gap-4">
          {Array.from({ length: cells }, (_, cell) => (
            <SkeletonBlock key={cell} className="h-8 flex-1" />
          ))}
        </div>
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
