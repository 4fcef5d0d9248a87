import { useMutation } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { signOut } from '../../stores/session';
import { showToast } from '../../stores/toasts';

/** Ends every session of the member (the store's signOut is scope=global) and leaves for the home page. */
export function SignOutEverywhere() {
  const leave = useMutation({
    mutationFn: async () => {
      const { error } = await signOut();
      if (error) throw new Error(error);
    },
    onSuccess: () => window.location.assign('/'),
    onError: (error) =>
      showToast({ title: 'Sign-out failed', description: error.message, variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      disabled={leave.isPending}
      onClick={() => leave.mutate()}
      className={buttonClass('outline')}
    >
      {leave.isPending ? 'Signing Out...' : 'Sign out of all devices'}
    </button>
  );
}
