/**
 * The web streams a Vitest VM context lacks (jsdom does not define them) and MSW uses when it is imported, so this
 * setup file runs before setup.ts.
 */
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

const scope = globalThis as Record<string, unknown>;
scope.ReadableStream ??= ReadableStream;
scope.WritableStream ??= WritableStream;
scope.TransformStream ??= TransformStream;
