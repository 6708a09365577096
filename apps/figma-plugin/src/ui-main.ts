import { startUi } from './ui.ts';

startUi();
