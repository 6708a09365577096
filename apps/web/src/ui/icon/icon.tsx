import type { IconProps as TablerIconProps } from '@tabler/icons-react';
import { type IconName, resolveIcon } from './icon-registry';

export interface IconProps extends Omit<TablerIconProps, 'name'> {
  /** A registry name; other strings (say, a value from the server) throw when unknown. */
  name: IconName | (string & {});
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from screen readers. */
  label?: string;
}

export function Icon({ name, label, size = 18, stroke = 1.75, ...rest }: IconProps) {
  const Drawing = resolveIcon(name);
  const accessibility = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return <Drawing size={size} stroke={stroke} {...accessibility} {...rest} />;
}
