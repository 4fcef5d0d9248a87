import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { RegisterForm, type RegisterFormProps } from './RegisterForm';

/** The island Astro hydrates: the register form inside the error boundary. */
export default function RegisterIsland(props: RegisterFormProps) {
  return (
    <ErrorBoundary>
      <RegisterForm {...props} />
    </ErrorBoundary>
  );
}
