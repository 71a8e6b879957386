#!/usr/bin/env -S node --max-old-space-size=320 --max-semi-space-size=4
// The package's bin: registers tsx so the TypeScript sources run as they are, then starts the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
