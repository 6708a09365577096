import { Box } from '@mantine/core';

export interface LogoProps {
  height?: number;
}

/** Both files are in the page; CSS shows the one matching the colour scheme, so it never flickers. */
export function Logo({ height = 28 }: LogoProps) {
  return (
    <>
      <Box component="img" src="/logo-light.svg" alt="Figgle" h={height} w="auto" darkHidden />
      <Box component="img" src="/logo-dark.svg" alt="Figgle" h={height} w="auto" lightHidden />
    </>
  );
}
