#!/usr/bin/env node
// Runs the TypeScript sources directly under plain Node (tsx), so the CLI works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../src-main/server.ts');
