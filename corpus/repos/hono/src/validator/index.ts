/**
 * @module
 * Validator for Hono.
 */

export { validator } from './validator'
export type { ValidationFunction } from './validator'
export type { InferInput } from './utils'
