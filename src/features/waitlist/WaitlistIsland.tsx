import { IslandRoot } from '../../components/ui/IslandRoot';
import { WaitlistForm, type WaitlistFormProps } from './WaitlistForm';

/** The island Astro hydrates: the waitlist form inside the island root (error boundary, ready signal). */
export default function WaitlistIsland(props: WaitlistFormProps) {
  return (
    <IslandRoot>
      <WaitlistForm {...props} />
    </IslandRoot>
  );
}
