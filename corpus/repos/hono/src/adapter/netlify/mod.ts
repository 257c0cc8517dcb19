export { handle } from './handler'
export { getConnInfo } from './conninfo'
