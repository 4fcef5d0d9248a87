// Imported first by every entry point (`import './env/load.mjs'`), before any module that reads
// process.env when it loads: fills process.env from the project's `.env`; the real environment wins.
import { loadEnvFile } from './env-file.mjs';

loadEnvFile();
