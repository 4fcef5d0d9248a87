import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { WaitlistForm, type WaitlistFormProps } from './WaitlistForm';

/** The island Astro hydrates: the waitlist form inside the error boundary. */
export default function WaitlistIsland(props: WaitlistFormProps) {
  return (
    <ErrorBoundary>
      <WaitlistForm {...props} />
    </ErrorBoundary>
  );
}
