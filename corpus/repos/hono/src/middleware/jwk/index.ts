export { jwk } from './jwk'
