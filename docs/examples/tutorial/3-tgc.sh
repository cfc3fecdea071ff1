echo 'size: [2.5in, 3.5in]' >> components/my-game/templates/my-game-card.yaml
echo 'size: [2.5in, 3.5in]' >> components/my-game/templates/my-game-back.yaml
pnpkit build my-game --profile tgc
