import { IslandRoot } from '../../components/ui/IslandRoot';
import { InterestForm, type InterestFormProps } from './InterestForm';

/** The island Astro hydrates: the interest form inside the island root (error boundary, ready signal). */
export default function InterestIsland(props: InterestFormProps) {
  return (
    <IslandRoot>
      <InterestForm {...props} />
    </IslandRoot>
  );
}
