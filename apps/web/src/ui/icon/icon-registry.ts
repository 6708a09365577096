import {
  IconAlien,
  IconBrandFigma,
  IconBrandGoogle,
  IconFish,
  IconFolder,
  IconInbox,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconList,
  IconListCheck,
  IconLogout,
  IconRadar2,
  IconSeedling,
  IconSettings,
  IconSquareCheck,
  IconStar,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { IconBird, IconFox, IconOctopus, IconPenguin } from './custom-icons';

export const iconRegistry = {
  fox: IconFox,
  octopus: IconOctopus,
  alien: IconAlien,
  seeding: IconSeedling,
  fish: IconFish,
  task: IconSquareCheck,
  kanban: IconLayoutKanban,
  list: IconList,
  members: IconUsers,
  inbox: IconInbox,
  folder: IconFolder,
  bird: IconBird,
  penguin: IconPenguin,
  'my-tasks': IconListCheck,
  dashboard: IconLayoutDashboard,
  settings: IconSettings,
  favorite: IconStar,
  radar: IconRadar2,
  figma: IconBrandFigma,
  google: IconBrandGoogle,
  logout: IconLogout,
} as const satisfies Record<string, TablerIcon>;

export type IconName = keyof typeof iconRegistry;

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(iconRegistry, name);
}

/** The icon drawn for a name; an unknown name is a programming or data error, so it throws. */
export function resolveIcon(name: string): TablerIcon {
  if (!isIconName(name)) throw new Error(`${name} is not an available icon type`);
  return iconRegistry[name];
}
