// People (users) and their memberships, for the auth area: it reaches them only through this service.
export {
  addMembership,
  findAccountState,
  findHomeAccountId,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertUser,
  isInUserTree,
  updateUser,
} from './people.repo';
