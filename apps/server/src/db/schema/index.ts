export { users } from './users';
