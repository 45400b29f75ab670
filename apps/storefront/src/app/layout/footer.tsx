import { Logo } from '@shop/ui/logo';
import { config } from '../../config';
import { contacts as site } from '../../contacts';
import { useShopInfoQuery } from '../../lib/shop-info-api';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, YoutubeIcon } from './footer-icons';
import { LinkItems } from './link-items';

const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/allproducts', label: 'All Products' },
  { to: '/about-us', label: 'About us' },
  { to: '/privacy-and-policy', label: 'Privacy & Policies' },
];

const tel = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

export default function Footer() {
  const { data: shop } = useShopInfoQuery();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo size={56} title={config.brand} />
          <p className="site-footer__name">{config.brand}</p>
          <p>Pure ghee, milk products and Ayurvedic hair oil from our small organic farm. {config.tagline}.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Links</h2>
          <ul>
            <LinkItems links={FOOTER_LINKS} />
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul>
            {site.phones.map((phone) => (
              <li key={phone}>
                <a href={tel(phone)}>
                  <PhoneIcon /> {phone}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${site.email}`}>
                <MailIcon /> {site.email}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">Follow us</h2>
          <ul className="site-footer__social">
            <li>
              <a href={site.instagram} target="_blank" rel="noopener noreferrer" aria-label="Instagram">
                <InstagramIcon />
              </a>
            </li>
            <li>
              <a href={site.facebook} target="_blank" rel="noopener noreferrer" aria-label="Facebook">
                <FacebookIcon />
              </a>
            </li>
            <li>
              <a href={site.youtube} target="_blank" rel="noopener noreferrer" aria-label="YouTube">
                <YoutubeIcon />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {config.brand}. All rights reserved.
        {/* FSSAI rules ask food sellers to show their licence number. */}
        {shop?.fssai && <span className="site-footer__fssai">FSSAI Lic. No. {shop.fssai}</span>}
      </p>
    </footer>
  );
}
