// The browser journeys use the same fake language model as the server tests: a real HTTP server on loopback.
export { FakeLlm } from '../../apps/server/test/fake-llm.ts';
