// The browser journeys use the same fake Figma as the server tests: a real HTTP server on loopback.
export {
  FakeFigma,
  SAMPLE_FILE_KEY,
  SAMPLE_FILE_NAME,
  SAMPLE_NODE_ID,
  SAMPLE_TEAM_ID,
} from '../../apps/server/test/fake-figma.ts';
