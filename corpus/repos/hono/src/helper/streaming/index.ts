/**
 * @module
 * Streaming Helper for Hono.
 */

export { stream } from './stream'
export type { SSEMessage } from './sse'
export { streamSSE, SSEStreamingApi } from './sse'
export { streamText } from './text'
