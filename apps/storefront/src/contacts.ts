/**
 * The farm's phones, mail and social pages (the footer, About us, the privacy page). Apart from config.ts, so the
 * entry chunk, which every page loads, does not carry them.
 */
import { text } from './config';

const env = import.meta.env;

export const contacts = {
  phones: [text(env.VITE_PHONE_1, '+91 98765 43210'), text(env.VITE_PHONE_2, '+91 91234 56780')] as const,
  email: text(env.VITE_CONTACT_EMAIL, 'hello@shuddhfarm.in'),
  instagram: text(env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/shuddhfarm'),
  facebook: text(env.VITE_FACEBOOK_URL, 'https://www.facebook.com/shuddhfarm'),
  youtube: text(env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@shuddhfarm'),
} as const;
