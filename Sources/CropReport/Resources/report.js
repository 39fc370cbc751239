(function(){
function num(x,d){return String(Math.round(x*Math.pow(10,d))/Math.pow(10,d));}
function set(el,attrs){for(var k in attrs)el.setAttribute(k,attrs[k]);}
function esc(s){return String(s).replace(/[&<>"']/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c];});}
// "—" for a time not measured (no timings.js, or an editor over the model protocol): never "0 ns".
function dur(ns){if(ns==null||!(ns>0))return '—';var us=ns/1000;return us<1?num(ns,0)+' ns':us<1000?num(us,us<10?2:1)+' µs':num(us/1000,2)+' ms';}
var rows=JSON.parse(document.getElementById('rows').textContent);
var p95=window.cropsimP95||{},byId={};rows.forEach(function(r){r.p95=typeof p95[r.id]==='number'?p95[r.id]:null;byId[r.id]=r;});
var form=document.getElementById('filters'),tbody=document.querySelector('#summary tbody'),shown=document.getElementById('shown');
var PAGE=200,state={result:'',group:'',req:'',inv:'',q:'',sort:'',open:[]},limit=PAGE,more=document.getElementById('more');
var details={},pending={},timings={};
function options(name,values){var sel=form.elements[name];values.sort().forEach(function(v){var o=document.createElement('option');o.value=o.textContent=v;sel.appendChild(o);});}
function uniq(f){var seen={};rows.forEach(function(r){[].concat(f(r)).forEach(function(v){seen[v]=1;});});return Object.keys(seen);}
options('group',uniq(function(r){return r.g;}));options('req',uniq(function(r){return r.cov;}));options('inv',uniq(function(r){return r.inv;}));
function readHash(){
  var h=location.hash.replace(/^#/,'');if(!h)return;
  h.split('&').forEach(function(kv){var i=kv.indexOf('=');if(i<0)return;var k=kv.slice(0,i),v=decodeURIComponent(kv.slice(i+1));
    if(k==='open')state.open=v?v.split(','):[];else if(k in state)state[k]=v;});
  ['result','group','req','inv','q'].forEach(function(k){form.elements[k].value=state[k];});
}
function writeHash(){
  var parts=[];['result','group','req','inv','q','sort'].forEach(function(k){if(state[k])parts.push(k+'='+encodeURIComponent(state[k]));});
  if(state.open.length)parts.push('open='+state.open.map(encodeURIComponent).join(','));
  try{history.replaceState(null,'',parts.length?'#'+parts.join('&'):location.pathname+location.search);}catch(e){}
}
function matches(r){
  if(state.result&&state.result!==(r.na?'na':r.pass?'pass':'fail'))return false;
  if(state.group&&r.g!==state.group)return false;
  if(state.req&&r.cov.indexOf(state.req)<0)return false;
  if(state.inv&&r.inv.indexOf(state.inv)<0)return false;
  if(state.q){var q=state.q.toLowerCase();if([r.id,r.name].concat(r.cov,r.inv).join(' ').toLowerCase().indexOf(q)<0)return false;}
  return true;
}
function sorted(list){
  if(!state.sort)return list;
  var desc=state.sort.charAt(0)==='-',key=desc?state.sort.slice(1):state.sort;
  return list.slice().sort(function(a,b){var x=a[key],y=b[key],c=x<y?-1:x>y?1:0;if(!c)c=a.id<b.id?-1:a.id>b.id?1:0;return desc?-c:c;});
}
function render(){
  var t0=performance.now(),all=sorted(rows.filter(matches)),list=all.slice(0,limit),open={},html=[];
  if(state.open.length===1&&state.open[0]==='*')state.open=list.map(function(r){return r.id;});
  state.open.forEach(function(id){open[id]=1;});
  list.forEach(function(r){
    html.push('<tr class="'+(r.na?'na':r.pass?'pass':'fail')+'" data-id="'+esc(r.id)+'"><td>'+(r.na?'<span class="badge none">n/a</span>':r.pass?'<span class="badge pass">✓ pass</span>':'<span class="badge fail">✗ fail</span>')+
      '</td><td><a href="#" class="open" aria-expanded="'+(open[r.id]?'true':'false')+'">'+esc(r.name)+'</a><br><code>'+esc(r.id)+'</code></td><td>'+esc(r.g)+
      '</td><td class="num">'+r.ticks+'</td><td class="num">'+r.v+(r.sp?' <span class="subpixel" title="sub-pixel target deviations: not failing">≈'+r.sp+'</span>':'')+'</td><td>'+(r.h?esc(r.h):'<span class="muted">none</span>')+
      '</td><td class="num">'+dur(r.p95)+'</td><td>'+(r.prob||'')+'</td></tr>');
    if(open[r.id])html.push('<tr class="detail" data-for="'+esc(r.id)+'"><td colspan="8"></td></tr>');
  });
  tbody.innerHTML=html.join('');
  shown.textContent=list.length<all.length?list.length+' of '+all.length+' matching shown ('+rows.length+' in all)':all.length+' of '+rows.length+' shown';
  more.hidden=list.length>=all.length;more.textContent='Show '+Math.min(PAGE,all.length-list.length)+' more';
  document.querySelectorAll('#summary th[data-sort]').forEach(function(th){var k=th.getAttribute('data-sort');
    th.setAttribute('aria-sort',state.sort===k?'ascending':state.sort==='-'+k?'descending':'none');});
  tbody.querySelectorAll('tr.detail').forEach(function(tr){var id=tr.getAttribute('data-for');
    if(details[id])tr.firstChild.appendChild(details[id]);else{tr.firstChild.textContent='Loading scenarios/'+id+'/detail.js…';load(id);}});
  writeHash();
  document.documentElement.setAttribute('data-render-ms',String(Math.round(performance.now()-t0)));
}
function script(id,name,onerror){
  var s=document.createElement('script');
  s.src='scenarios/'+id.split('/').map(encodeURIComponent).join('/')+'/'+name;
  s.onerror=function(){onerror(s.getAttribute('src'));};
  document.head.appendChild(s);
}
function load(id){
  if(pending[id])return;pending[id]=1;
  script(id,'detail.js',function(src){cropsimError('cannot load '+src);attach(id,null,'The detail could not be loaded: '+src+' is missing.');});
  // Timings are measured and kept apart; without them the detail still works.
  script(id,'timing.js',function(src){timings[id]='<p class="muted">No measured frame times: '+esc(src)+' is missing.</p>';fillTiming(id);});
}
function fillTiming(id){
  var node=details[id],box=node&&node.querySelector&&node.querySelector('.timing');
  if(box&&timings[id]!=null){box.innerHTML='<h3>Frame time</h3>'+timings[id];box.setAttribute('data-loaded','true');}
}
window.cropsimTiming=function(id,html){timings[id]=html;fillTiming(id);};
function attach(id,node,message){
  if(!node){node=document.createElement('p');node.className='muted';node.textContent=message;}
  details[id]=node;
  tbody.querySelectorAll('tr.detail').forEach(function(tr){if(tr.getAttribute('data-for')===id){tr.firstChild.textContent='';tr.firstChild.appendChild(node);}});
}
window.cropsimDetail=function(id,html){
  var t=document.createElement('template');t.innerHTML=html;var node=t.content.firstElementChild;
  attach(id,node);fillTiming(id);
  node.querySelectorAll('.player').forEach(function(p){try{setUp(p);}catch(e){cropsimError(e);}});
  document.documentElement.setAttribute('data-details-loaded',String(document.querySelectorAll('#summary tr.detail section').length));
};
form.addEventListener('input',function(e){var n=e.target.name;if(n in state){state[n]=e.target.value;limit=PAGE;render();}});
more.addEventListener('click',function(){limit+=PAGE;render();});
document.querySelectorAll('#summary th[data-sort]').forEach(function(th){th.addEventListener('click',function(){
  var k=th.getAttribute('data-sort');state.sort=state.sort===k?'-'+k:k;render();});});
tbody.addEventListener('click',function(e){
  var a=e.target.closest('a.open');if(!a)return;e.preventDefault();
  var id=a.closest('tr').getAttribute('data-id'),i=state.open.indexOf(id);
  if(i<0)state.open.push(id);else state.open.splice(i,1);render();
});
function setUp(p){
  var d=JSON.parse(document.getElementById(p.getAttribute('data-src')).textContent);
  var section=p.closest('section');
  var svg=p.querySelector('svg.frame-svg'),range=p.querySelector('input[type=range]'),out=p.querySelector('.readout');
  var cursors=[].map.call(section.querySelectorAll('svg.timeline'),function(c){return {line:c.querySelector('.cursor'),x0:+c.getAttribute('data-x0'),dx:+c.getAttribute('data-dx')};});
  var phases={i:'idle',p:'pan',z:'pinch'};
  function view(i){var v=d.views[0];for(var k=1;k<d.views.length&&d.views[k][0]<=i;k++)v=d.views[k];return v;}
  function draw(i){
    var v=view(i),vw=v[1],vh=v[2],r=v[3]/2,s=d.scale[i],tx=d.tx[i],ty=d.ty[i];
    var flags=+d.flags[i],tick=d.tick?d.tick[i]:i;
    var t=d.touches[i];
    cropsimDrawFrame(svg,{vw:vw,vh:vh,r:r,img:d.img,scale:s,tx:tx,ty:ty,grid:flags&1,instr:flags&2,touches:t,
      angle:d.angle?d.angle[i]:0,guide:flags&4,label:d.angle&&d.phase[i]==='z'},220);
    cursors.forEach(function(c){set(c.line,{x1:num(c.x0+tick*c.dx,2),x2:num(c.x0+tick*c.dx,2)});});
    out.textContent='tick '+tick+' · '+num(tick/60,3)+' s · '+phases[d.phase[i]]+'\ns '+num(s,5)+' · tx '+num(tx,2)+' pt · ty '+num(ty,2)+' pt · fingers '+(t.length/2);
    p.setAttribute('data-drawn-tick',String(tick));
  }
  range.addEventListener('input',function(){stop();draw(+range.value);});
  var timer=null,button=p.querySelector('button.play');
  function stop(){if(timer){clearInterval(timer);timer=null;button.textContent='▶';}}
  button.addEventListener('click',function(){
    if(timer){stop();return;}
    if(+range.value>=+range.max)range.value=0;
    button.textContent='❚❚';
    timer=setInterval(function(){var i=+range.value+1;if(i>+range.max){stop();return;}range.value=i;draw(i);},1000/60);
  });
  section.querySelectorAll('.filmstrip figure').forEach(function(f){f.addEventListener('click',function(){stop();range.value=f.getAttribute('data-index');draw(+range.value);});});
  draw(0);
}
readHash();
render();
window.addEventListener('hashchange',function(){readHash();render();});
window.cropsimScriptsDone();
})();
