import { IslandRoot } from '../../components/ui/IslandRoot';
import { ContactForm, type ContactFormProps } from './ContactForm';

/** The island Astro hydrates on /contact and /support: the contact form inside the island root. */
export default function ContactIsland(props: ContactFormProps) {
  return (
    <IslandRoot>
      <ContactForm {...props} />
    </IslandRoot>
  );
}
