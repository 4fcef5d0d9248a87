import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $theme, setTheme, syncThemeFromDocument, type Theme } from '../../stores/theme';

const CHOICES: { value: Theme; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

/** The same theme store the header's toggle uses, as a choice of two. */
export function ThemeSetting() {
  const theme = useStore($theme);
  useEffect(syncThemeFromDocument, []);
  return (
    <fieldset>
      <legend className="sr-only">Theme</legend>
      <div className="flex gap-4">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2">
            <input
              type="radio"
              name="theme"
              value={choice.value}
              checked={theme === choice.value}
              onChange={() => setTheme(choice.value)}
              className="size-4"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
