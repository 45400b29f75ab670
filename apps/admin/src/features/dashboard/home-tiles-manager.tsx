import { useState, type FormEvent } from 'react';
import { FormField, SelectField } from '@shop/ui/form-field';
import { Button } from '@shop/ui/button';
import { notifySuccess } from '@shop/app-kit/notify';
import { HOME_TILE_VIDEOS, type HomeTile, type HomeTileVideo } from '@shop/domain/schemas/home-tiles';
import { formatInr } from '../../lib/format';
import { Loading } from '../../components/loading';
import { useHomeTilesQuery, useTileProductsQuery, useUpdateHomeTileMutation } from './dashboard-api';
import './slider-manager.css';
import './home-tiles-manager.css';

/** What each of the shop's clips shows, for the clip menu. */
const CLIP_NAMES: Record<HomeTileVideo, string> = {
  'a2-cow-ghee': 'A2 cow ghee (jar and spoon)',
  'herbal-hair-oil': 'Herbal hair oil (bottle)',
  'bilona-ghee': 'Bilona ghee (churning)',
};

interface ProductChoice {
  _id: string;
  name: string;
  price: number;
  variants?: Array<{ _id: string; label: string; price: number; is_default: boolean }>;
}

/**
 * The menu's value for a product and size: `id:` for the product's default size (what a tile without a size sells),
 * `id:sizeId` for another size.
 */
const choiceValue = (productId: string, variantId?: string) => `${productId}:${variantId ?? ''}`;

/** One option per size of each product (a one-size product is one option), each with its price. */
function sizeOptions(p: ProductChoice) {
  const sizes = p.variants ?? [];
  if (sizes.length <= 1) return [{ value: choiceValue(p._id), text: `${p.name}: ${formatInr(p.price)}` }];
  return sizes.map((v) => ({
    value: choiceValue(p._id, v.is_default ? undefined : v._id),
    text: `${p.name}, ${v.label}: ${formatInr(v.price)}`,
  }));
}

function HomeTileForm({ tile, products }: { tile: HomeTile; products: ProductChoice[] }) {
  const [updateTile, { isLoading: saving }] = useUpdateHomeTileMutation();
  const [title, setTitle] = useState(tile.title);
  const [video, setVideo] = useState<HomeTileVideo>(tile.video);
  const [choice, setChoice] = useState(tile.product ? choiceValue(tile.product._id, tile.product.variant) : '');
  const [titleError, setTitleError] = useState<string | undefined>();
  const id = (field: string) => `home-tile-${tile.position}-${field}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const cleanTitle = title.trim();
    setTitleError(cleanTitle === '' ? 'Give the tile a title' : undefined);
    if (cleanTitle === '') return;
    try {
      const [product = '', variant = ''] = choice.split(':');
      await updateTile({ position: tile.position, body: { title: cleanTitle, video, product: product || null, variant: variant || null } }).unwrap();
      notifySuccess(`Video tile ${tile.position} saved`);
    } catch {
      // toasted
    }
  };

  return (
    <li className="slider-list__item home-tile">
      <form className="home-tile__form" onSubmit={onSubmit} noValidate aria-label={`Video tile ${tile.position}`}>
        <div className="form-grid">
          <FormField id={id('title')} label="Title" value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} error={titleError} />
          <SelectField id={id('video')} label="Video" value={video} onChange={(e) => setVideo(e.target.value as HomeTileVideo)}>
            {HOME_TILE_VIDEOS.map((name) => (
              <option key={name} value={name}>
                {CLIP_NAMES[name]}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={id('product')}
            label="Product"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            hint="The tile links to this product and size, and shows its price."
            wide
          >
            <option value="">No product (links to all products, no price)</option>
            {products.flatMap(sizeOptions).map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="form-actions">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save tile'}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** The home page's three video tiles: each one's title, clip and the product whose live price it shows. */
export function HomeTilesManager() {
  const tiles = useHomeTilesQuery();
  const products = useTileProductsQuery();
  const choices = [...(products.data?.products ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section className="panel home-tiles-manager" aria-labelledby="home-tiles-title">
      <div className="panel__head">
        <div>
          <h2 id="home-tiles-title">Home video tiles</h2>
          <p className="muted small">The three farm clips under the slider, each selling one product at its live price.</p>
        </div>
      </div>
      {tiles.isLoading || products.isLoading ? (
        <Loading />
      ) : (
        <ul className="slider-list">
          {(tiles.data?.tiles ?? []).map((tile) => (
            // Keyed by what was saved, so a save (or another admin's) refills the form with the server's answer.
            <HomeTileForm key={`${tile.position}:${tile.title}:${tile.video}:${tile.product?._id ?? ''}:${tile.product?.variant ?? ''}`} tile={tile} products={choices} />
          ))}
        </ul>
      )}
    </section>
  );
}
