import { startPlugin } from './code.ts';

startPlugin();
