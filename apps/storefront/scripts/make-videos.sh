#!/usr/bin/env bash
# Makes the three short home-page clips (public/videos/*.mp4 + posters) from drawn SVG scenes:
# 3 s, 854x480, muted, a slow seamless zoom, the product's name in Playfair Display.
# Run once when the scenes change: bash scripts/make-videos.sh (needs ffmpeg with librsvg).
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/videos
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
font=$(node -p "require.resolve('@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff')")
body=$(node -p "require.resolve('@fontsource/nunito-sans/files/nunito-sans-latin-700-normal.woff')")
mkdir -p "$out"

jar() { # x y scale label-colour
  cat <<SVG
<g transform="translate($1 $2) scale($3)">
  <ellipse cx="0" cy="330" rx="190" ry="26" fill="#000" opacity=".18"/>
  <rect x="-170" y="-40" width="340" height="370" rx="46" fill="#e9b949"/>
  <rect x="-170" y="-40" width="340" height="370" rx="46" fill="url(#glass)"/>
  <rect x="-150" y="-10" width="40" height="300" rx="20" fill="#fff" opacity=".25"/>
  <rect x="-185" y="-110" width="370" height="90" rx="22" fill="#3f5a2a"/>
  <rect x="-185" y="-110" width="370" height="24" rx="12" fill="#567a3a"/>
  <rect x="-130" y="60" width="260" height="170" rx="18" fill="$4"/>
  <circle cx="0" cy="120" r="38" fill="#3f5a2a"/><circle cx="0" cy="110" r="14" fill="#c8962b"/>
  <rect x="-80" y="178" width="160" height="14" rx="7" fill="#3f5a2a" opacity=".7"/>
</g>
SVG
}

leaf() { # x y rotate colour
  echo "<path transform=\"translate($1 $2) rotate($3)\" d=\"M0 0c40-60 120-70 170-40-40 60-120 80-170 40z\" fill=\"$4\"/>"
}

defs='<defs>
  <linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity=".0"/><stop offset=".5" stop-color="#fff3c4" stop-opacity=".35"/><stop offset="1" stop-color="#8a5a00" stop-opacity=".25"/></linearGradient>
  <radialGradient id="sun"><stop offset="0" stop-color="#fff4cf"/><stop offset=".55" stop-color="#f3c14f"/><stop offset="1" stop-color="#f3c14f" stop-opacity="0"/></radialGradient>
</defs>'

# 1. A2 Cow Ghee: sunrise over the pasture, a jar of golden ghee.
cat > "$work/a2-cow-ghee.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="1708" height="960" viewBox="0 0 1708 960">$defs
  <linearGradient id="sky1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7d58a"/><stop offset="1" stop-color="#fbf1dc"/></linearGradient>
  <rect width="1708" height="960" fill="url(#sky1)"/>
  <circle cx="1180" cy="330" r="330" fill="url(#sun)"/>
  <path d="M0 640C300 560 520 600 820 650s640 20 888-40V960H0z" fill="#7f9a52"/>
  <path d="M0 720c360-70 700-10 980 40s520 10 728-40V960H0z" fill="#5b7a3a"/>
  <path d="M0 820c420-60 900 10 1708-30V960H0z" fill="#3f5a2a"/>
  $(leaf 140 860 -20 '#8fb05c') $(leaf 300 900 -35 '#6d8f45') $(leaf 1560 880 200 '#8fb05c')
  $(jar 1240 420 1 '#fbf7ee')
</svg>
SVG

# 2. Ayurvedic hair oil: herbs and an amber bottle on deep green.
cat > "$work/herbal-hair-oil.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="1708" height="960" viewBox="0 0 1708 960">$defs
  <radialGradient id="bg2" cx=".7" cy=".4" r=".9"><stop offset="0" stop-color="#4d6d34"/><stop offset="1" stop-color="#1f3012"/></radialGradient>
  <rect width="1708" height="960" fill="url(#bg2)"/>
  <g fill="#f6e7c1" opacity=".18"><circle cx="200" cy="160" r="60"/><circle cx="560" cy="90" r="30"/><circle cx="900" cy="200" r="46"/><circle cx="1560" cy="140" r="70"/><circle cx="1450" cy="800" r="40"/></g>
  $(leaf 880 760 -50 '#7ea24b') $(leaf 980 820 -80 '#5f8a36') $(leaf 1500 720 210 '#7ea24b') $(leaf 1420 600 180 '#5f8a36')
  <g transform="translate(1220 470)">
    <ellipse cx="0" cy="330" rx="170" ry="22" fill="#000" opacity=".3"/>
    <rect x="-130" y="-60" width="260" height="390" rx="60" fill="#a8621a"/>
    <rect x="-130" y="-60" width="260" height="390" rx="60" fill="url(#glass)"/>
    <rect x="-45" y="-170" width="90" height="120" rx="14" fill="#2c4119"/>
    <rect x="-60" y="-200" width="120" height="44" rx="20" fill="#c8962b"/>
    <rect x="-100" y="60" width="200" height="170" rx="16" fill="#fbf7ee"/>
    <circle cx="0" cy="120" r="34" fill="#3f5a2a"/><path d="M-18 128c10-30 26-34 36-30-6 22-20 32-36 30z" fill="#c8962b"/>
  </g>
  <g transform="translate(1440 300)"><circle r="46" fill="#c2185b"/><circle r="16" fill="#f6e7c1"/></g>
</svg>
SVG

# 3. Bilona ghee: the clay pot and churning stick, a big jar beside it.
cat > "$work/bilona-ghee.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="1708" height="960" viewBox="0 0 1708 960">$defs
  <linearGradient id="bg3" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3dfcf"/><stop offset="1" stop-color="#e4b98f"/></linearGradient>
  <rect width="1708" height="960" fill="url(#bg3)"/>
  <rect y="760" width="1708" height="200" fill="#8a5a3a"/>
  <rect y="760" width="1708" height="18" fill="#6b4229"/>
  <g transform="translate(1090 590) scale(.85)">
    <rect x="-8" y="-420" width="16" height="380" rx="8" fill="#6b4229"/>
    <path d="M-150 -40h300c10 90 60 130 60 210 0 110-100 150-210 150s-210-40-210-150c0-80 50-120 60-210z" fill="#b5652f"/>
    <path d="M-120 40c80 30 160 30 240 0" stroke="#f6e7c1" stroke-width="10" fill="none" stroke-linecap="round"/>
    <ellipse cx="0" cy="-40" rx="160" ry="30" fill="#8e4a20"/>
    <ellipse cx="0" cy="-44" rx="130" ry="20" fill="#fbf1dc"/>
  </g>
  $(jar 1470 440 .9 '#fbf7ee')
  $(leaf 120 880 -15 '#5b7a3a')
</svg>
SVG

make() { # name title subtitle title-colour
  local name=$1
  ffmpeg -hide_banner -loglevel error -y -c:v librsvg -i "$work/$name.svg" -filter_complex "\
    [0:v]scale=1708:960,zoompan=z='1+0.05*sin(PI*on/72)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=72:s=854x480:fps=24,\
    drawtext=fontfile=$font:text='$2':fontsize=54:fontcolor=$4:x=56:y=170:alpha='min(1,t/0.7)',\
    drawtext=fontfile=$body:text='$3':fontsize=24:fontcolor=$4@0.85:x=60:y=250:alpha='min(1,max(0,(t-0.4)/0.7))',\
    format=yuv420p[v]" -map "[v]" -an -c:v libx264 -profile:v main -preset slow -crf 23 -movflags +faststart "$out/$name.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 2.0 -i "$out/$name.mp4" -frames:v 1 -q:v 5 "$out/$name.jpg"
}

make a2-cow-ghee 'A2 Cow Ghee' 'Hand-churned from desi cow milk' '#2c4119'
make herbal-hair-oil 'Ayurvedic Hair Oil' 'Herbs from the farm, slow-cooked in oil' '#fbf7ee'
make bilona-ghee 'Bilona Ghee 1 L' 'Churned and simmered the old way' '#2c4119'
ls -la "$out"
