import { Link } from 'react-router';
import { Price } from '../../../components/price';

/** Three short muted clips made for the shop (public/videos), each with its product title and price. */
export const SHOWCASE_VIDEOS = [
  { id: 'a2-cow-ghee', title: 'A2 Cow Ghee', price: 595, src: '/videos/a2-cow-ghee.mp4', poster: '/videos/a2-cow-ghee.jpg' },
  { id: 'herbal-hair-oil', title: 'Ayurvedic Hair Oil', price: 595, src: '/videos/herbal-hair-oil.mp4', poster: '/videos/herbal-hair-oil.jpg' },
  { id: 'bilona-ghee', title: 'Bilona Ghee 1 L', price: 995, src: '/videos/bilona-ghee.mp4', poster: '/videos/bilona-ghee.jpg' },
] as const;

export function VideoShowcase() {
  return (
    <section className="section videos" aria-labelledby="videos-heading">
      <h2 id="videos-heading" className="section__title">
        Made on our farm
      </h2>
      <ul className="videos__grid">
        {SHOWCASE_VIDEOS.map((v) => (
          <li key={v.id} className="video-card card">
            <video
              className="video-card__video"
              src={v.src}
              poster={v.poster}
              muted
              autoPlay
              loop
              playsInline
              preload="metadata"
              width={854}
              height={480}
              aria-label={`${v.title}: a short clip`}
            />
            <div className="video-card__body">
              <h3 className="video-card__title">{v.title}</h3>
              <Price value={v.price} className="price video-card__price" />
              <Link to="/allproducts" className="btn btn-outline video-card__cta" aria-label={`Shop ${v.title}`}>
                Shop now
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
