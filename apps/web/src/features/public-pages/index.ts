export { PublicProfilePage } from './public-profile-page';
