# Issue 23 chains: n = 400 points along a geodesic of S^2 through the north pole (length 0.31, covariate t in
# [0, 1], noise sd 0.02); prints the true footpoint p(0). Usage: python3 geodesic_s2.py SEED OUT.csv
import numpy as np, sys
rng=np.random.default_rng(int(sys.argv[1]) if len(sys.argv)>1 else 7)
n=400
def exp(p,v):
    t=np.linalg.norm(v); 
    return p if t==0 else np.cos(t)*p+np.sin(t)*v/t
N=np.array([0,0,1.0]); ex=np.array([1.0,0,0])
p0=exp(N,-0.155*ex)
# geodesic through N along x: p(t)=exp_N((t-0.5)*0.31 ex)
rows=[]
for i in range(n):
    t=rng.uniform(0,1)
    pt=exp(N,(t-0.5)*0.31*ex)
    e=rng.normal(0,0.02,3); e-=e.dot(pt)*pt
    x=exp(pt,e); rows.append([t,*x])
np.savetxt(sys.argv[2] if len(sys.argv) > 2 else 'reg.csv',np.array(rows),delimiter=',',header='t,x,y,z',comments='',fmt='%.17g')
print(*p0)
