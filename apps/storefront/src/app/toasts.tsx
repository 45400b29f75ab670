import { ToastContainer } from 'react-toastify';
import '@shop/ui/toasts.css';
import './toasts.css';

/** Toasts on the public site: top right, closing after 5 seconds. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick />;
}
