import { IslandRoot } from '../../components/ui/IslandRoot';
import { RegisterForm, type RegisterFormProps } from './RegisterForm';

/** The island Astro hydrates: the register form inside the island root (error boundary, ready signal). */
export default function RegisterIsland(props: RegisterFormProps) {
  return (
    <IslandRoot>
      <RegisterForm {...props} />
    </IslandRoot>
  );
}
