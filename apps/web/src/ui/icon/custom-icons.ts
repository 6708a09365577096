import { createReactComponent } from '@tabler/icons-react';

// Tabler has no fox, octopus, bird or penguin: these follow its 24 px grid and 2 px stroke so they sit
// beside the other icons without looking borrowed.

export const IconFox = createReactComponent('outline', 'fox', 'Fox', [
  ['path', { d: 'M4 4l4.5 3.5h7l4.5 -3.5l-.5 8.5l-7.5 7.5l-7.5 -7.5z', key: 'svg-0' }],
  ['path', { d: 'M4.5 12.5l5 1.5l2.5 2l2.5 -2l5 -1.5', key: 'svg-1' }],
  ['path', { d: 'M9.5 10.5v.01', key: 'svg-2' }],
  ['path', { d: 'M14.5 10.5v.01', key: 'svg-3' }],
]);

export const IconOctopus = createReactComponent('outline', 'octopus', 'Octopus', [
  ['path', { d: 'M6 14v-4a6 6 0 1 1 12 0v4', key: 'svg-0' }],
  ['path', { d: 'M6 14c0 2.5 -1.5 4 -3 5', key: 'svg-1' }],
  ['path', { d: 'M10 14v3.5a2.5 2.5 0 0 1 -2.5 2.5', key: 'svg-2' }],
  ['path', { d: 'M14 14v3.5a2.5 2.5 0 0 0 2.5 2.5', key: 'svg-3' }],
  ['path', { d: 'M18 14c0 2.5 1.5 4 3 5', key: 'svg-4' }],
  ['path', { d: 'M10 10v.01', key: 'svg-5' }],
  ['path', { d: 'M14 10v.01', key: 'svg-6' }],
]);

export const IconBird = createReactComponent('outline', 'bird', 'Bird', [
  ['path', { d: 'M18 6.5l3 1l-3 1', key: 'svg-0' }],
  ['path', { d: 'M18 7.5a3 3 0 0 0 -6 0v3.5l-9 7h8a7 7 0 0 0 7 -7z', key: 'svg-1' }],
  ['path', { d: 'M15 7.5v.01', key: 'svg-2' }],
  ['path', { d: 'M10 18l-1 3', key: 'svg-3' }],
  ['path', { d: 'M13 17.5l1 3.5', key: 'svg-4' }],
]);

export const IconPenguin = createReactComponent('outline', 'penguin', 'Penguin', [
  ['path', { d: 'M12 3c-3 0 -5 2.5 -5 6v4c0 4 2 7 5 7s5 -3 5 -7v-4c0 -3.5 -2 -6 -5 -6z', key: 'svg-0' }],
  [
    'path',
    {
      d: 'M12 10c-1.5 0 -2.5 1.5 -2.5 3.5c0 2.5 1 4.5 2.5 4.5s2.5 -2 2.5 -4.5c0 -2 -1 -3.5 -2.5 -3.5z',
      key: 'svg-1',
    },
  ],
  ['path', { d: 'M7 11.5l-3 3.5', key: 'svg-2' }],
  ['path', { d: 'M17 11.5l3 3.5', key: 'svg-3' }],
  ['path', { d: 'M9 21h2', key: 'svg-4' }],
  ['path', { d: 'M13 21h2', key: 'svg-5' }],
  ['path', { d: 'M10.5 6.5v.01', key: 'svg-6' }],
  ['path', { d: 'M13.5 6.5v.01', key: 'svg-7' }],
]);
