import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'accounts';
const detail = () => import('./overlays/account-detail-overlays');
const more = () => import('./overlays/more-account-overlays');
const profile = () => import('./overlays/profile-overlays');
const create = () => import('./overlays/create-account-form');

/** The account screens: creating, finding and deleting accounts, people, and profile settings. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'accountSearch',
    title: 'Find an account',
    area,
    kind: 'modal',
    load: async () => ({ default: (await import('./overlays/account-search-overlay')).AccountSearchOverlay }),
  },
  {
    flag: 'createResellerAccount',
    title: 'New reseller',
    area,
    load: async () => ({ default: (await create()).CreateResellerOverlay }),
  },
  {
    flag: 'createOrgAccount',
    title: 'New organization',
    area,
    load: async () => ({ default: (await create()).CreateOrganizationOverlay }),
  },
  {
    flag: 'createAgentAccount',
    title: 'New agent account',
    area,
    load: async () => ({ default: (await create()).CreateAgentAccountOverlay }),
  },
  {
    flag: 'deleteOrganization',
    title: 'Delete organization',
    area,
    kind: 'modal',
    load: async () => ({ default: (await detail()).DeleteAccountOverlay }),
  },
  {
    flag: 'deleteAgent',
    title: 'Delete agent account',
    area,
    kind: 'modal',
    load: async () => ({ default: (await detail()).DeleteAccountOverlay }),
  },
  {
    flag: 'orgInfo',
    title: 'Organization',
    area,
    load: async () => ({ default: (await detail()).AccountInfoOverlay }),
  },
  {
    flag: 'resellerInfo',
    title: 'Reseller',
    area,
    load: async () => ({ default: (await detail()).AccountInfoOverlay }),
  },
  {
    flag: 'partnerInfo',
    title: 'Partner',
    area,
    load: async () => ({ default: (await detail()).AccountInfoOverlay }),
  },
  {
    flag: 'resellerPreview',
    title: 'Reseller preview',
    area,
    load: async () => ({ default: (await detail()).AccountInfoOverlay }),
  },
  {
    flag: 'orgTakeover',
    title: 'Act as organization',
    area,
    kind: 'modal',
    load: async () => ({ default: (await detail()).TakeoverOverlay }),
  },
  {
    flag: 'resellerTakeover',
    title: 'Act as reseller',
    area,
    kind: 'modal',
    load: async () => ({ default: (await detail()).TakeoverOverlay }),
  },
  {
    flag: 'partnerTakeover',
    title: 'Act as partner',
    area,
    kind: 'modal',
    load: async () => ({ default: (await detail()).TakeoverOverlay }),
  },
  {
    flag: 'orgAdmin',
    title: 'Organization administration',
    area,
    load: async () => ({ default: (await detail()).OrgAdminOverlay }),
  },
  {
    flag: 'shareProfile',
    title: 'Share profile',
    area,
    kind: 'modal',
    load: async () => ({ default: (await detail()).ShareProfileOverlay }),
  },
  {
    flag: 'editPageProfile',
    title: 'Public profile',
    area,
    load: async () => ({ default: (await detail()).EditPageProfileOverlay }),
  },
  {
    flag: 'members',
    title: 'People',
    area,
    load: async () => ({ default: (await import('./overlays/members-overlay')).MembersOverlay }),
  },
  {
    flag: 'memberInvite',
    title: 'Invite someone',
    area,
    load: async () => ({ default: (await import('./overlays/member-invite-overlay')).MemberInviteOverlay }),
  },
  {
    flag: 'memberDelete',
    title: 'Remove person',
    area,
    kind: 'modal',
    load: async () => ({ default: (await more()).MemberDeleteOverlay }),
  },
  {
    flag: 'settings',
    title: 'Settings',
    area,
    kind: 'modal',
    load: async () => ({ default: (await more()).SettingsOverlay }),
  },
  {
    flag: 'editSocial',
    title: 'Social links',
    area,
    load: async () => ({ default: (await more()).EditSocialOverlay }),
  },
  {
    flag: 'editAvatar',
    title: 'Profile picture',
    area,
    kind: 'modal',
    load: async () => ({ default: (await more()).EditAvatarOverlay }),
  },
  {
    flag: 'editUserAccount',
    title: 'Account access',
    area,
    load: async () => ({ default: (await more()).EditUserAccountOverlay }),
  },
  {
    flag: 'editFullName',
    title: 'Name',
    area,
    kind: 'modal',
    load: async () => ({ default: (await profile()).EditNameOverlay }),
  },
  {
    flag: 'editSlug',
    title: 'Username',
    area,
    kind: 'modal',
    load: async () => ({ default: (await profile()).EditUsernameOverlay }),
  },
  {
    flag: 'editEmail',
    title: 'Sign-in email',
    area,
    kind: 'modal',
    load: async () => ({ default: (await profile()).EditEmailOverlay }),
  },
  {
    flag: 'callVerify',
    title: 'Verify a phone number',
    area,
    kind: 'modal',
    load: async () => ({ default: (await profile()).VerifyPhoneOverlay }),
  },
];
