import { useState } from 'react';
import { Field } from '../../components/ui/form/Field';
import { PasswordToggle } from './PasswordToggle';

interface PasswordFieldProps {
  id: string;
  name: string;
  label?: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}

/** A required password field with the show/hide toggle inside its box. */
export function PasswordField({ label = 'Password', ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      required
      trailing={
        <PasswordToggle
          visible={visible}
          controls={props.id}
          onToggle={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
