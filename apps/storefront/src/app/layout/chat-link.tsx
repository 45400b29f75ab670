import { config } from '../../config';
import './chat-link.css';

/** The floating chat image on every page; where it leads comes from the site config. */
export function ChatLink() {
  return (
    <a className="chat-link" href={config.site.chatUrl} target="_blank" rel="noopener noreferrer">
      <img src="/images/chat.svg" alt="Chat with us on WhatsApp" width={48} height={48} />
    </a>
  );
}
