import { config } from '../../../config';
import { contacts } from '../../../contacts';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { ContactForm } from './contact-form';
import './pages.css';

export default function AboutUsPage() {
  usePageMeta('About Us', `${config.brand} is a small organic farm making A2 cow ghee the slow, traditional way. Write to us.`);
  return (
    <div className="container page">
      <PageHeader title="About Us">{config.tagline}.</PageHeader>
      <div className="about">
        <div className="about__text prose">
          <p>
            {config.brand} is a small organic farm where a herd of native cows grazes freely on open pasture. We make our ghee the
            way our grandmothers did: milk is set into curd, the curd is churned by hand into butter, and the butter is simmered
            slowly over a wood fire until it turns golden and fragrant.
          </p>
          <p>
            Nothing is added and nothing is taken away. No flavours, no preservatives, no shortcuts. Alongside the ghee we make a
            few other milk products and an Ayurvedic hair oil from herbs grown on the farm.
          </p>
          <p>
            Every jar is filled, sealed and packed by the same small team that looks after the cows. If you have a question about
            our products, an order or a visit to the farm, write to us: we read every message.
          </p>
          <ul className="about__contact">
            {contacts.phones.map((p) => (
              <li key={p}>{p}</li>
            ))}
            <li>{contacts.email}</li>
          </ul>
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
