import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { InterestForm, type InterestFormProps } from './InterestForm';

/** The island Astro hydrates: the interest form inside the error boundary. */
export default function InterestIsland(props: InterestFormProps) {
  return (
    <ErrorBoundary>
      <InterestForm {...props} />
    </ErrorBoundary>
  );
}
