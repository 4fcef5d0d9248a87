import { CardSkeleton } from './CardSkeleton';
import { PageSkeleton } from './PageSkeleton';
import { Spinner } from './Spinner';
import { TableSkeleton } from './TableSkeleton';

export type LoadingVariant = 'spinner' | 'page' | 'card' | 'table';

/** Picks a placeholder by name; the spinner is the default. */
export function LoadingPlaceholder({
  variant = 'spinner',
  label,
}: {
  variant?: LoadingVariant;
  label?: string;
}) {
  const props = label ? { label } : {};
  switch (variant) {
    case 'page':
      return <PageSkeleton {...props} />;
    case 'card':
      return <CardSkeleton {...props} />;
    case 'table':
      return <TableSkeleton {...props} />;
    case 'spinner':
      return <Spinner {...props} />;
  }
}
