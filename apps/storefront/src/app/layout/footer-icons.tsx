/** The footer's contact and social icons; kept here so they load with the (lazy) footer only. */
import { Icon, stroke } from '../../components/icons';

export const PhoneIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <path {...stroke} d="M5 4h3.5l1.8 4.3-2.2 1.4a11 11 0 0 0 6.2 6.2l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5C10.5 20 4 13.5 3.5 5.6A1.5 1.5 0 0 1 5 4z" />
  </Icon>
);
export const MailIcon = ({ size = 18 }: { size?: number }) => (
  <Icon size={size}>
    <rect {...stroke} x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path {...stroke} d="M4 7l8 6 8-6" />
  </Icon>
);
export const InstagramIcon = ({ size = 22 }: { size?: number }) => (
  <Icon size={size}>
    <rect {...stroke} x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle {...stroke} cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="1.1" fill="currentColor" />
  </Icon>
);
export const FacebookIcon = ({ size = 22 }: { size?: number }) => (
  <Icon size={size}>
    <path fill="currentColor" d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z" />
  </Icon>
);
export const YoutubeIcon = ({ size = 22 }: { size?: number }) => (
  <Icon size={size}>
    <rect {...stroke} x="2.5" y="5.5" width="19" height="13" rx="4" />
    <path fill="currentColor" d="M10 9v6l5.2-3z" />
  </Icon>
);
