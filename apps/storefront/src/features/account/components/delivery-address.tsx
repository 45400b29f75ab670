import type { DeliveryDetails } from '@shop/domain/delivery';

interface DeliveryAddressProps {
  delivery: DeliveryDetails;
  /** The BEM block that styles it: the block is `${block}__address`, the address as typed `${block}__lines`. */
  block: string;
  /** The cart's "Deliver to" sets the name in bold; an order's address does not. */
  boldName?: boolean;
}

/** Where a delivery goes, to read (not edit): the name, phone, the address lines as typed, then state and PIN. */
export function DeliveryAddress({ delivery, block, boldName = false }: DeliveryAddressProps) {
  const Name = boldName ? 'strong' : 'span';
  return (
    <address className={`${block}__address`}>
      <Name>{delivery.name}</Name>
      <span>{delivery.phone}</span>
      <span className={`${block}__lines`}>{delivery.address}</span>
      <span>{[delivery.state, delivery.pin].filter(Boolean).join(' ')}</span>
    </address>
  );
}
